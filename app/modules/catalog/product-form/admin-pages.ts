import { z } from "zod";
import { CATEGORIES } from "../types";
import type { ProductFormValues } from "./values";

/* What the admin's product pages receive, and the list's address. */

export interface AdminProductListItem {
  id: string;
  name: string;
  description: string;
  sku: string;
  brand: string;
  category: string;
  pricePaise: number;
  originalPricePaise: number | null;
  stock: number;
  isActive: boolean;
  image: { url: string; alt: string } | null;
}

export interface AdminProductPage {
  items: AdminProductListItem[];
  total: number;
  page: number;
  perPage: number;
  pageCount: number;
}

export interface EditVariant {
  id: string;
  sku: string;
  size: string;
  colour: string;
  stock: number;
}

export interface ProductForEdit {
  id: string;
  slug: string;
  sku: string;
  version: number;
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
  /** an order names it: deleting archives it instead */
  everOrdered: boolean;
  values: ProductFormValues;
  /** every variant row, also of sizes or colours no longer offered (kept because an order names them) */
  variants: EditVariant[];
}

/* ---------- the list's address ---------- */

export const ADMIN_PER_PAGE = 24;

export interface AdminListParams {
  search: string;
  category: string;
  status: "" | "active" | "inactive";
  view: "grid" | "table";
  page: number;
}

const listSchema = z.object({
  search: z.string().trim().max(100).catch("").default(""),
  category: z
    .string()
    .refine((c) => CATEGORIES.some((k) => k.slug === c))
    .catch("")
    .default(""),
  status: z.enum(["active", "inactive"]).optional().catch(undefined),
  view: z.enum(["grid", "table"]).catch("grid").default("grid"),
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
});

/** The list's state from `?search=&category=&status=&view=&page=`; anything unreadable falls back to its default. */
export function parseAdminListParams(params: URLSearchParams): AdminListParams {
  const read = (k: string) => params.get(k) ?? undefined;
  const parsed = listSchema.parse({
    search: read("search"),
    category: read("category"),
    status: read("status"),
    view: read("view"),
    page: read("page"),
  });
  return { ...parsed, status: parsed.status ?? "" };
}

/** The list's address for a state (defaults left out). */
export function adminListQuery(p: Partial<AdminListParams>): string {
  const q = new URLSearchParams();
  if (p.search) q.set("search", p.search);
  if (p.category) q.set("category", p.category);
  if (p.status) q.set("status", p.status);
  if (p.view && p.view !== "grid") q.set("view", p.view);
  if (p.page && p.page > 1) q.set("page", String(p.page));
  const s = q.toString();
  return s ? `?${s}` : "";
}
