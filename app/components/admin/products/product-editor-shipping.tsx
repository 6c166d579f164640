import type { BoundText } from "~/components/admin/use-editor-messages";
import { PACKAGE_PARTS, packagePlaceholder, type PackageField } from "~/modules/catalog";
import { Section, TextInput } from "./fields";

/*
 * The editor's Shipping section: one piece as it is packed for the courier (weight, then length,
 * breadth and height), which couriers' rates and labels use. A field left empty takes the category's
 * default, which its placeholder shows and which follows the category chosen above.
 */

const LABELS: Record<PackageField, string> = {
  packageWeight: "Weight (g)",
  packageLength: "Length (cm)",
  packageBreadth: "Breadth (cm)",
  packageHeight: "Height (cm)",
};

export function ShippingSection({ text, category }: { text: (field: PackageField) => BoundText; category: string }) {
  return (
    <Section
      title="Shipping"
      description="One piece as packed for the courier, for shipping rates and labels. Leave a field empty to use the category's default."
    >
      <div className="grid gap-5 sm:grid-cols-2">
        {PACKAGE_PARTS.map(({ field }) => (
          <TextInput
            key={field}
            label={LABELS[field]}
            inputMode="numeric"
            autoComplete="off"
            placeholder={packagePlaceholder(category, field)}
            {...text(field)}
          />
        ))}
      </div>
    </Section>
  );
}
