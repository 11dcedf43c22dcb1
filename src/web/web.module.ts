import { Module } from '@nestjs/common';
import { Environment } from '../core/config/environment';
import { WEB_DIST_DIR } from '../paths';
import { WebController } from './web.controller';
import { WebService } from './web.service';

/** Serves the single-page UI built from web/ (see web/build.mjs) at {base}/. */
@Module({
  controllers: [WebController],
  providers: [{ provide: WebService, useFactory: (env: Environment) => new WebService(env, WEB_DIST_DIR), inject: [Environment] }],
})
export class WebModule {}
