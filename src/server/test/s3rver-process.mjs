// An S3-protocol server (s3rver) in a process of its own, for the tests in ../test/s3rver.ts.
// It runs under --openssl-legacy-provider: s3rver makes its listing continuation tokens with DES,
// which Node 17+ (OpenSSL 3) only offers from the legacy provider. Arguments: <directory> <bucket>.
// Prints {"port":N} once it listens, and closes on SIGTERM.
import S3rver from 's3rver';

const [directory, bucket] = process.argv.slice(2);
const server = new S3rver({
  address: '127.0.0.1',
  port: 0,
  directory,
  silent: true,
  configureBuckets: [{ name: bucket, configs: [] }],
});
const { port } = await server.run();
process.stdout.write(`${JSON.stringify({ port })}\n`);
process.on('SIGTERM', () => {
  void server.close().then(() => process.exit(0));
});
