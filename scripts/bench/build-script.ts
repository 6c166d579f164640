/* scripts/build.mjs, the build `npm run build` and `npm start` share: the bench builds with it and starts the server with its flags. */

// build.mjs is plain JavaScript shared with `npm start`; typed here by hand.
const BUILD_MODULE = "../build.mjs";
export const { build, SERVER_NODE_FLAGS } = (await import(BUILD_MODULE)) as {
  build: (options: { quiet: boolean }) => Promise<number>;
  SERVER_NODE_FLAGS: string[];
};
