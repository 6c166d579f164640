/* scripts/build.mjs, the build `npm run build` and `npm start` share: the bench builds with it and starts the server with its flags (and may take its environment). */

// build.mjs is plain JavaScript shared with `npm start`; typed here by hand.
const BUILD_MODULE = "../build.mjs";
export const { build, SERVER_NODE_FLAGS, serverEnvironment } = (await import(BUILD_MODULE)) as {
  build: (options: { quiet: boolean }) => Promise<number>;
  SERVER_NODE_FLAGS: string[];
  /** the environment `npm start` gives a server process: `env` with npm start's settings added (MALLOC_ARENA_MAX) */
  serverEnvironment: (env: NodeJS.ProcessEnv) => NodeJS.ProcessEnv;
};
