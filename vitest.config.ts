import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const alias = { "~": fileURLToPath(new URL("./app", import.meta.url)) };

// The integration suite runs on the embedded database, and also on PostgreSQL when TEST_DATABASE_URL is set.
const integration = (name: string, target: "pglite" | "postgres") => ({
  resolve: { alias },
  test: {
    name,
    include: ["tests/integration/**/*.test.ts"],
    environment: "node",
    globalSetup: ["tests/setup/global-db.ts"],
    setupFiles: ["tests/setup/fail-on-console-error.ts"],
    env: {
      TEST_DB_TARGET: target,
      NODE_ENV: "test",
      AUTH_SECRET: "integration-tests-secret-0123456789abcdef",
      BASE_URL: "http://localhost:3000",
      LOG_LEVEL: "silent",
    },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: ["app/**/*.test.ts", "app/**/*.test.tsx", "server/**/*.test.ts", "scripts/**/*.test.ts"],
          environment: "node",
          setupFiles: ["tests/setup/fail-on-console-error.ts"],
        },
      },
      {
        // Outside services faked at the HTTP boundary (tests/fakes), no database: runs once.
        resolve: { alias },
        test: {
          name: "integration-gateways",
          include: ["tests/gateways/**/*.test.ts"],
          environment: "node",
          setupFiles: ["tests/setup/fail-on-console-error.ts"],
          env: { NODE_ENV: "test", LOG_LEVEL: "silent" },
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      integration("integration-pglite", "pglite"),
      ...(process.env.TEST_DATABASE_URL ? [integration("integration-postgres", "postgres")] : []),
    ],
  },
});
