// A TCP port that was free a moment ago on 127.0.0.1 (the OS picks it), for a server a benchmark
// or a test starts. A port picked at random can belong to another service on the machine.
import net from 'node:net';

export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}
