import type { AddressInfo } from "node:net";
import type { Express } from "express";

/** A test's server: `app` on a free port of 127.0.0.1; `close()` stops it and cuts its connections. */
export interface TestServer {
  port: number;
  close(): Promise<void>;
}

export async function listenForTest(app: Express): Promise<TestServer> {
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
