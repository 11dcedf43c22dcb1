// The HTTP ceiling: a bare Fastify server that parses the JSON body and answers 201, nothing else.
import Fastify from 'fastify';

const port = Number(process.argv[2]);
const app = Fastify({ bodyLimit: 32 * 1024 * 1024 });
app.post('/api/v1/lineage', async (request, reply) => {
  reply.code(201).send({ status: 'stored' });
});
await app.listen({ port, host: '127.0.0.1' });
process.stdout.write('ready\n');
