// nginx in front of several server processes, as the cluster test and bench/server run it (and as
// deploy/nginx.conf shows it for a real host): one address, the websocket upgraded, no sticky
// sessions (the clients use the websocket transport only, so no request of a socket ever needs the
// same process as the one before). Runs as the current user, everything in its own directory.
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const NGINX = process.env.BASKA_NGINX ?? '/usr/sbin/nginx';

/** The `http` block's content: the upstream of the server processes and the proxy with websocket upgrade. */
export function proxyConfig(upstreams) {
  return `  upstream baska {
${upstreams.map((u) => `    server ${u} max_fails=1 fail_timeout=2s;`).join('\n')}
    keepalive 64;
  }
  map $http_upgrade $connection_upgrade {
    default upgrade;
    '' '';
  }
  server {
    listen PORT;
    location / {
      proxy_pass http://baska;
      proxy_http_version 1.1;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_read_timeout 1h;
      proxy_next_upstream error timeout http_502 http_503;
    }
  }`;
}

/** A whole nginx.conf for a process of its own in `dir`, listening on 127.0.0.1:`port`. */
export function nginxConfig({ port, upstreams, dir }) {
  return `# written by scripts/nginx.js
worker_processes 1;
pid ${join(dir, 'nginx.pid')};
error_log ${join(dir, 'error.log')} warn;
daemon off;
events { worker_connections 16384; }
http {
  access_log off;
  client_body_temp_path ${join(dir, 'tmp')};
  proxy_temp_path ${join(dir, 'tmp')};
  fastcgi_temp_path ${join(dir, 'tmp')};
  uwsgi_temp_path ${join(dir, 'tmp')};
  scgi_temp_path ${join(dir, 'tmp')};
${proxyConfig(upstreams).replace('listen PORT;', `listen 127.0.0.1:${port};`)}
}
`;
}

/** Start nginx on `port` in front of `upstreams` (host:port); resolves once it answers. */
export async function startNginx({ port, upstreams, dir }) {
  mkdirSync(join(dir, 'tmp'), { recursive: true });
  const conf = join(dir, 'nginx.conf');
  writeFileSync(conf, nginxConfig({ port, upstreams, dir }));
  const child = spawn(NGINX, ['-p', dir, '-c', conf], { stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  child.stderr.on('data', (d) => (err += d));
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${err}`);
    try {
      await fetch(`http://127.0.0.1:${port}/healthz`);
      break;
    } catch {
      if (i > 100) throw new Error(`nginx did not answer: ${err}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  return {
    url: `http://127.0.0.1:${port}`,
    conf,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
