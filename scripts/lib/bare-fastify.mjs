// The baseline of npm run bench:http: Fastify 5 with one route that sends a constant JSON body
// (the site's own widget JSON, read from a file), no plugins, no logging.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const [port, bodyFile] = process.argv.slice(2);
const body = readFileSync(bodyFile, 'utf8');
const app = Fastify({ logger: false });
app.get('/api/widgets/:name', (_request, reply) => reply.type('application/json').send(body));
await app.listen({ port: Number(port), host: '127.0.0.1' });
process.send?.('ready');
