import http from 'node:http';

/**
 * The yardstick: a bare node:http server in its own process, like ours, answering every request
 * with the status, body and headers it is given on stdin as JSON. Prints its port once it listens.
 */
const chunks: Buffer[] = [];
for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
const { body, headers, status } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
  body: string;
  headers: Record<string, string>;
  status?: number;
};
const bytes = Buffer.from(body, 'base64');
const server = http.createServer((_req, res) => {
  res.writeHead(status ?? 200, headers);
  res.end(bytes);
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  if (address && typeof address === 'object') console.log(`port ${address.port}`);
});
process.on('SIGTERM', () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
});
