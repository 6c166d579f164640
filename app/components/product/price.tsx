import { formatPrice, percentOff } from "~/modules/pricing";

/** Price, struck-through original price and the rounded percent-off badge. */
export function Price({
  pricePaise,
  originalPricePaise,
  size = "sm",
}: {
  pricePaise: number;
  originalPricePaise: number | null;
  size?: "sm" | "lg";
}) {
  const off = percentOff(pricePaise, originalPricePaise);
  return (
    <p className="price">
      <span className={size === "lg" ? "price-now text-2xl" : "price-now text-sm"}>
        <span className="sr-only">Price </span>
        {formatPrice(pricePaise)}
      </span>
      {off > 0 && originalPricePaise ? (
        <>
          <s className={`${size === "lg" ? "text-base" : "text-xs"} text-stone`}>
            <span className="sr-only">Original price </span>
            {formatPrice(originalPricePaise)}
          </s>
          <span
            className={`${size === "lg" ? "text-sm" : "text-[0.7rem]"} font-medium tracking-wider text-sale uppercase`}
          >
            {off}% off
          </span>
        </>
      ) : null}
    </p>
  );
}
