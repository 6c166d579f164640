import { readdirSync, readFileSync } from "node:fs";

/* React Router's manifest of the production build the end-to-end tests run against. */

export interface BuiltRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  hasAction: boolean;
  hasLoader: boolean;
  hasDefaultExport: boolean;
  /** the route's files in the browser's build */
  module: string;
  imports?: string[];
  css?: string[];
}

export function builtManifest(): { routes: Record<string, BuiltRoute> } {
  const file = readdirSync("build/client/assets").find((f) => f.startsWith("manifest-"))!;
  return new Function(
    "window",
    `${readFileSync(`build/client/assets/${file}`, "utf8")}; return window.__reactRouterManifest;`,
  )({});
}

/** A route's address: its parents' paths and its own, joined (parameters left as they are written). */
export function routeAddress(routes: Record<string, BuiltRoute>, id: string): string {
  const parts: string[] = [];
  for (let route = routes[id]; route; route = route.parentId ? routes[route.parentId] : undefined) {
    if (route.path) parts.unshift(route.path);
  }
  return `/${parts.join("/")}`;
}
