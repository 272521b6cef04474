// Types of scripts/nginx.js (plain JavaScript, shared by the cluster test and bench/server).
export function proxyConfig(upstreams: string[]): string;
export function nginxConfig(o: { port: number; upstreams: string[]; dir: string }): string;
export function startNginx(o: {
  port: number;
  upstreams: string[];
  dir: string;
}): Promise<{ url: string; conf: string; stop(): Promise<void> }>;
