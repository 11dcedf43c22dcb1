import { DynamicModule, Global, Module } from '@nestjs/common';
import { Environment } from './environment';

/** Makes the validated Environment injectable everywhere. */
@Global()
@Module({})
export class ConfigModule {
  static forRoot(env: Environment): DynamicModule {
    return {
      module: ConfigModule,
      providers: [{ provide: Environment, useValue: env }],
      exports: [Environment],
    };
  }
}
