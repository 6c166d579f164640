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
    exclude: ["@electric-sql/pglite", "better-auth", "drizzle-orm", "sharp", "pg"],
  },
  ssr: {
    external: ["@electric-sql/pglite", "sharp", "pg", "pino", "pino-pretty"],
  },
  build: {
    // Keep the browser bundle honest: anything above this gets a warning during the build.
    chunkSizeWarningLimit: 200,
  },
});
