import { describe, expect, it } from "vitest";
import { loader } from "../../app/routes/dev.empty";

/*
 * The empty page the bench measures renders against (app/routes/dev.empty.tsx): the shop's own machine
 * in demo mode gets it; anyone else gets 404, as with the demo outbox.
 */

async function answer(address: string): Promise<unknown> {
  const request = new Request("http://localhost:3000/dev/empty", { headers: { "x-forwarded-for": address } });
  try {
    return loader({ request, params: {}, context: {} } as never);
  } catch (thrown) {
    return thrown;
  }
}

describe("the bench's empty page", () => {
  it("renders nothing for the shop's own machine, and is not found for anyone else", async () => {
    expect(await answer("127.0.0.1")).toBeNull();
    expect(await answer("::1")).toBeNull();
    const remote = await answer("203.0.113.50");
    expect(remote).toBeInstanceOf(Response);
    expect((remote as Response).status).toBe(404);
  });
});
