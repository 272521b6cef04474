// @baska/server: start it with `startServer(configFromEnv())`, or `npm start`.
export { startServer } from './app.js';
export { configFromEnv, type Config } from './config.js';
