import { getConfig, type ShippingConfig } from "../../config.server";
import { getDb } from "../../db/client.server";
import { processSingleton } from "../../lib/process-singleton";
import { cachedStoreSettings } from "../content/index.server";
import { demoCourierProvider, manualProvider, type LocalProviderOptions } from "./demo-courier.server";
import { pincodeInAddress } from "./estimate";
import type { ShippingProvider } from "./provider-contract.server";
import { shiprocketProvider } from "./shiprocket/provider.server";

/*
 * The shop's shipping provider, chosen by configuration (decision 041): Shiprocket when its settings are
 * set, else the demo courier in demo mode and `manual` in live mode. One per process.
 */

/** The shop's own pincode, from its address in the store settings. */
async function shopPincode(): Promise<string | null> {
  const settings = await cachedStoreSettings(getDb());
  return pincodeInAddress(settings.address);
}

export function createShippingProvider(
  config: ShippingConfig,
  local: LocalProviderOptions = { pickupPincode: shopPincode },
): ShippingProvider {
  switch (config.provider) {
    case "demo":
      return demoCourierProvider(local);
    case "manual":
      return manualProvider(local);
    case "shiprocket":
      return shiprocketProvider({
        email: config.email,
        password: config.password,
        apiUrl: config.apiUrl,
        pickupLocation: config.pickupLocation,
        webhookToken: config.webhookToken,
      });
  }
}

export function shopShippingProvider(): ShippingProvider {
  return processSingleton("shippingProvider", () => createShippingProvider(getConfig().shipping));
}

/** The start-up log's line about the courier service: whether it answered, and from where parcels leave. */
export async function checkShippingProvider(
  provider: ShippingProvider = shopShippingProvider(),
): Promise<{ ok: boolean; message: string; fields: Record<string, unknown> }> {
  try {
    const pincode = await provider.pickupPincode();
    const who = provider.name === "shiprocket" ? "Shiprocket answered" : `${provider.name} shipping`;
    return {
      ok: true,
      message: `shipping: ${who}; parcels leave from ${pincode || "an unknown pincode"}`,
      fields: { provider: provider.name, pickupPincode: pincode },
    };
  } catch (error) {
    return {
      ok: false,
      message: `shipping: ${provider.name} did not answer; booking parcels fails until it does, and delivery dates come from the pincode table`,
      fields: { provider: provider.name, err: error },
    };
  }
}
