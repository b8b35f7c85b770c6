import net from 'node:net';

/**
 * A loopback port that was free a moment ago: for a process a test starts to listen on,
 * or, left alone, for a connection that is refused.
 */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
