#!/usr/bin/env node
// Tracing must start before any instrumented module (http, pg, fastify, pino) is loaded.
import './core/observability/tracing';
import { run } from './cli/run';

void run(process.argv.slice(2));
