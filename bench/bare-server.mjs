// The HTTP ceiling: node:http reading the body, JSON.parse, 201. Nothing else.
import http from 'node:http';

const port = Number(process.argv[2]);
const server = http.createServer((request, response) => {
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => {
    JSON.parse(Buffer.concat(chunks).toString('utf8'));
    response.writeHead(201, { 'content-type': 'application/json' }).end('{"status":"stored"}');
  });
});
// As the store (HTTP_KEEP_ALIVE_TIMEOUT_MS): Node's 5 s default closes idle sockets the open-loop
// generator is about to reuse, and those requests fail.
server.keepAliveTimeout = 72_000;
server.listen(port, '127.0.0.1', () => process.stdout.write('ready\n'));
