// A backend worker that opens no database, for tests of main's launchers with a real child
// process: it speaks server/worker-protocol.ts (asks for its launch key, reports ready, stops when
// told) and prints the key, as a worker that logged carelessly would, to see main redact it.
let key;
process.on('message', (m) => {
  if (m && m.type === 'launchKey') {
    key = m.key;
    process.stdout.write(`{"level":30,"msg":"got x-gameops-launch-key: ${key}"}\n`);
    process.stderr.write(`env has it: ${process.env.GAMEOPS_LAUNCH_KEY === key}\n`);
    process.send({ type: 'ready', port: 1, url: 'http://127.0.0.1:1', database: 'pglite', setup: 'needed' });
  }
  if (m && m.type === 'stop') process.exit(0);
});
process.send({ type: 'needsLaunchKey' });
