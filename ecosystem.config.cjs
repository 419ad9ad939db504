/**
 * pm2: `pm2 start ecosystem.config.cjs` from the repository root (see docs/deploy.md).
 *
 * One process only (fork mode, one instance): the service owns its port, its journal and its queues.
 * kill_timeout: on `pm2 stop`/`restart`/`reload` pm2 sends SIGINT and waits this long before SIGKILL. The service
 * keeps delivering queued alerts for up to [tuning] stop_grace_secs (default 30) and then closes the database, so
 * the wait is the grace plus 30 s; raise it with the key. A SIGKILL loses nothing (the journal replays at the
 * next start) but alerts wait for it.
 */
module.exports = {
  apps: [
    {
      name: 'lookout',
      cwd: __dirname,
      // what `npm start` runs, without npm in between (signals reach the service itself)
      script: 'core/launch.mjs',
      args: 'start',
      interpreter: 'node',
      exec_mode: 'fork',
      instances: 1,
      autorestart: true,
      exp_backoff_restart_delay: 1000,
      kill_timeout: 60000,
      env: {
        NODE_ENV: 'production',
      },
      // pino writes JSON lines; pm2 adds no prefix, merge_logs keeps one file per app
      merge_logs: true,
      time: false,
    },
  ],
};
