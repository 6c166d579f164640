import { describe, expect, it } from "vitest";
import * as pincodesRoute from "../../app/routes/api.pincodes";

/* GET /api/pincodes/:pin through its route module, as the address forms call it. */

type Args = Parameters<typeof pincodesRoute.loader>[0];

function get(pin: string): Response {
  const request = new Request(`http://localhost:3000/api/pincodes/${encodeURIComponent(pin)}`);
  return pincodesRoute.loader({ request, params: { pin }, context: {} } as unknown as Args);
}

const CACHE = "public, max-age=86400, s-maxage=86400";

describe("GET /api/pincodes/:pin", () => {
  it("answers the city and state of a known pincode, cacheable by anyone for a day", async () => {
    const response = get("110001");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(response.headers.get("cache-control")).toBe(CACHE);
    expect(await response.json()).toEqual({ pincode: "110001", places: [{ city: "New Delhi", state: "Delhi" }] });
  });

  it("answers both places of a pincode in two states", async () => {
    expect(await get("605007").json()).toEqual({
      pincode: "605007",
      places: [
        { city: "Puducherry", state: "Puducherry" },
        { city: "Cuddalore", state: "Tamil Nadu" },
      ],
    });
  });

  it("answers Ladakh and the merged union territory", async () => {
    expect(await get("194101").json()).toEqual({ pincode: "194101", places: [{ city: "Leh", state: "Ladakh" }] });
    expect(await get("396210").json()).toEqual({
      pincode: "396210",
      places: [{ city: "Daman", state: "Dadra and Nagar Haveli and Daman and Diu" }],
    });
  });

  it("answers 404 with no places for a pincode the table does not know", async () => {
    const response = get("999999");
    expect(response.status).toBe(404);
    expect(response.headers.get("cache-control")).toBe(CACHE);
    expect(await response.json()).toEqual({ pincode: "999999", places: [] });
  });

  it.each([["11000"], ["1100011"], ["011001"], ["abcdef"], ["110 001"], ["110001.data"], [""]])(
    "answers 400 for the malformed %j",
    async (pin) => {
      const response = get(pin);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: "Please enter a valid 6-digit pincode" });
    },
  );
});
