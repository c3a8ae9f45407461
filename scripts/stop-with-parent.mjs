// Preloaded (node --import) into the gateway and the platform that `npm start` runs
// (scripts/start.mjs), which gives each an IPC channel for this alone. The channel closes when
// start.mjs is gone without stopping them (killed with SIGKILL, crashed): the process then stops
// as on SIGTERM, gracefully, instead of living on as an orphan holding its port and the data
// directory (docs/decisions/0006).
if (process.channel) {
  process.once('disconnect', () => process.kill(process.pid, 'SIGTERM'));
  // The channel alone keeps no process running.
  process.channel.unref();
}
