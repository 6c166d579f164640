import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { fileURLToPath } from "node:url";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  // Server-only packages found through *.server.ts imports make the dev optimiser reload the page.
  optimizeDeps: {
    exclude: ["@electric-sql/pglite", "better-auth", "drizzle-orm", "sharp", "pg", "nodemailer"],
  },
  ssr: {
    external: ["@electric-sql/pglite", "sharp", "pg", "pino", "pino-pretty", "nodemailer"],
  },
  build: {
    // react-dom's client alone is ~215 kB raw (66 kB gzip); warn on anything bigger than the server bundle.
    chunkSizeWarningLimit: 320,
    // fonts stay files (the policy's font-src is 'self'; app/fonts' 1.2 KB face would otherwise be inlined)
    assetsInlineLimit: (file) => (file.endsWith(".woff2") ? false : undefined),
    rollupOptions: {
      // A module's public face (index.ts) re-exports its browser-safe files; a page that uses one name
      // must not carry the others (zod schemas are built at load time, which the bundler would otherwise
      // keep as side effects). Files under app/modules only declare things: none runs anything on load.
      treeshake: { moduleSideEffects: [{ test: /\/app\/modules\/.*\.tsx?$/, sideEffects: false }] },
    },
  },
});
