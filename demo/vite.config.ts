// `npm run dev` (the storefront with the proxy and the sandbox, port 5173; `-- --port N` for
// another) and `npm run build:demo` (the storefront's client bundle, to demo/dist).
import { defineConfig } from 'vite';
import { demoConfig } from './config.js';

export default defineConfig(demoConfig());
