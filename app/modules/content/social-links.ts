import { z } from "zod";
import { problem } from "../../lib/forms";

/* The settings' links to the shop's pages on Instagram, Facebook and YouTube: https addresses on the site's domain. */

const SOCIAL: Record<
  "instagramUrl" | "facebookUrl" | "youtubeUrl",
  { name: string; hosts: string[]; example: string }
> = {
  instagramUrl: { name: "Instagram", hosts: ["instagram.com"], example: "https://www.instagram.com/yourshop" },
  facebookUrl: { name: "Facebook", hosts: ["facebook.com", "fb.com"], example: "https://www.facebook.com/yourshop" },
  youtubeUrl: { name: "YouTube", hosts: ["youtube.com", "youtu.be"], example: "https://www.youtube.com/@yourshop" },
};

function socialProblem(field: keyof typeof SOCIAL, raw: string): string | null {
  const { name, hosts, example } = SOCIAL[field];
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return `Enter the full address of your ${name} page, like ${example}`;
  }
  if (url.protocol !== "https:") return `The address must start with https://`;
  const host = url.hostname.toLowerCase();
  if (!hosts.some((h) => host === h || host.endsWith(`.${h}`)))
    return `Enter an address on ${hosts[0]}, like ${example}`;
  if (url.username || url.password) return `Enter the address without a user name or password`;
  return null;
}

/** A link to the shop's page on a social site (empty: none). */
export const socialLink = (field: keyof typeof SOCIAL, max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters`)
    .superRefine(problem((url: string) => (url ? socialProblem(field, url) : null)));
