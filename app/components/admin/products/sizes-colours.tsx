import { useId, useState } from "react";
import {
  ADMIN_SIZES,
  addCustomColour,
  addCustomSize,
  orderSizes,
  PRESET_COLOURS,
  type ColourValue,
} from "~/modules/catalog";
import { ToggleChip } from "./fields";

/*
 * Sizes and colours of the product: the preset ones as toggles, plus custom ones (a size only
 * when not blank and not already there; a colour only when its name is not blank and unique).
 */

const miniLabel = "block text-[0.7rem] font-medium uppercase tracking-[0.18em] text-stone";
const miniInput =
  "mt-1.5 block w-full border border-linen bg-white px-3 py-2 text-sm text-ink focus:border-ink focus:outline-none focus:ring-1 focus:ring-ink";

function RemoveButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      className="-my-1 -mr-1.5 flex h-7 w-7 items-center justify-center text-base leading-none opacity-80 hover:opacity-100"
    >
      <span aria-hidden="true">×</span>
    </button>
  );
}

export function SizesPicker({
  sizes,
  onChange,
  error,
}: {
  sizes: string[];
  onChange: (sizes: string[]) => void;
  error?: string;
}) {
  const id = useId();
  const [typed, setTyped] = useState("");
  const [message, setMessage] = useState<string | null>(null);
  const custom = sizes.filter((s) => !(ADMIN_SIZES as readonly string[]).includes(s));
  const toggle = (size: string) =>
    onChange(sizes.includes(size) ? sizes.filter((s) => s !== size) : orderSizes([...sizes, size]));
  const add = () => {
    const result = addCustomSize(sizes, typed);
    setMessage(result.error);
    if (!result.error) {
      onChange(orderSizes(result.sizes));
      setTyped("");
    }
  };
  return (
    <fieldset aria-describedby={`${id}-help`}>
      <legend className="font-display text-xl text-ink">Sizes</legend>
      <p id={`${id}-help`} className="mt-0.5 text-xs text-stone">
        None chosen: the piece is sold as One Size.
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        {ADMIN_SIZES.map((size) => (
          <ToggleChip key={size} pressed={sizes.includes(size)} onToggle={() => toggle(size)}>
            {size}
          </ToggleChip>
        ))}
        {custom.map((size) => (
          <span
            key={size}
            className="inline-flex min-h-10 items-center gap-2 border border-ink bg-ink px-3.5 py-2 text-sm text-ivory"
          >
            {size}
            <RemoveButton label={`Remove size ${size}`} onClick={() => onChange(sizes.filter((s) => s !== size))} />
          </span>
        ))}
      </div>
      <div className="mt-4 flex items-end gap-2">
        <NewEntryField
          id={`${id}-custom`}
          label="New size"
          value={typed}
          placeholder="e.g. 32 or Petite"
          onChange={setTyped}
          onEnter={add}
          describedBy={message ? `${id}-message` : undefined}
        />
        <button type="button" onClick={add} className="btn-outline !px-4 !py-2.5 !text-[0.68rem]">
          Add size
        </button>
      </div>
      <p id={`${id}-message`} role="status" className="mt-1.5 min-h-5 text-sm text-sale">
        {message ?? error ?? ""}
      </p>
    </fieldset>
  );
}

function Swatch({ hex }: { hex: string }) {
  return (
    <span
      aria-hidden="true"
      className="h-4 w-4 shrink-0 rounded-full border border-ink/20"
      style={{ backgroundColor: hex }}
    />
  );
}

export function ColoursPicker({
  colours,
  onChange,
  error,
}: {
  colours: ColourValue[];
  onChange: (colours: ColourValue[]) => void;
  error?: string;
}) {
  const id = useId();
  const [name, setName] = useState("");
  const [hex, setHex] = useState("#A9823F");
  const [message, setMessage] = useState<string | null>(null);
  const isPreset = (c: ColourValue) => PRESET_COLOURS.some((p) => p.name === c.name);
  const chosen = (n: string) => colours.some((c) => c.name.toLowerCase() === n.toLowerCase());
  const toggle = (preset: ColourValue) =>
    onChange(
      chosen(preset.name)
        ? colours.filter((c) => c.name.toLowerCase() !== preset.name.toLowerCase())
        : [...colours, { ...preset }],
    );
  const add = () => {
    const result = addCustomColour(colours, name, hex);
    setMessage(result.error);
    if (!result.error) {
      onChange(result.colours);
      setName("");
    }
  };
  const others = colours.filter((c) => !isPreset(c));
  return (
    <fieldset aria-describedby={`${id}-help`}>
      <legend className="font-display text-xl text-ink">Colours</legend>
      <p id={`${id}-help`} className="mt-0.5 text-xs text-stone">
        In the order chosen; the shop opens the product on the first colour in stock. None chosen: sold as Default.
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        {PRESET_COLOURS.map((preset) => (
          <ToggleChip key={preset.name} pressed={chosen(preset.name)} onToggle={() => toggle(preset)}>
            <Swatch hex={preset.hex} />
            {preset.name}
          </ToggleChip>
        ))}
        {others.map((c) => (
          <span
            key={c.name}
            className="inline-flex min-h-10 items-center gap-2 border border-ink bg-ink px-3.5 py-2 text-sm text-ivory"
          >
            <Swatch hex={c.hex} />
            {c.name}
            <RemoveButton
              label={`Remove colour ${c.name}`}
              onClick={() => onChange(colours.filter((x) => x.name !== c.name))}
            />
          </span>
        ))}
      </div>
      {colours.length > 1 ? (
        <p className="mt-3 text-xs text-stone">
          Order: <span className="text-ink">{colours.map((c) => c.name).join(" · ")}</span>
        </p>
      ) : null}
      <div className="mt-4 flex flex-wrap items-end gap-2">
        <NewEntryField
          id={`${id}-name`}
          label="New colour"
          value={name}
          placeholder="e.g. Peacock Blue"
          onChange={setName}
          onEnter={add}
          describedBy={message ? `${id}-message` : undefined}
        />
        <div>
          <label htmlFor={`${id}-hex`} className={miniLabel}>
            Shade
          </label>
          <input
            id={`${id}-hex`}
            type="color"
            value={hex}
            onChange={(e) => setHex(e.target.value)}
            className="mt-1.5 block h-[2.4rem] w-14 cursor-pointer border border-linen bg-white p-1"
          />
        </div>
        <button type="button" onClick={add} className="btn-outline !px-4 !py-2.5 !text-[0.68rem]">
          Add colour
        </button>
      </div>
      <p id={`${id}-message`} role="status" className="mt-1.5 min-h-5 text-sm text-sale">
        {message ?? error ?? ""}
      </p>
    </fieldset>
  );
}

/** The text box of a new size or colour: Enter adds it, as its button does. */
function NewEntryField(props: {
  id: string;
  label: string;
  value: string;
  placeholder: string;
  onChange: (value: string) => void;
  onEnter: () => void;
  describedBy?: string;
}) {
  return (
    <div className="min-w-0 flex-1 sm:max-w-56">
      <label htmlFor={props.id} className={miniLabel}>
        {props.label}
      </label>
      <input
        id={props.id}
        value={props.value}
        placeholder={props.placeholder}
        onChange={(e) => props.onChange(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === "Enter") {
            e.preventDefault();
            props.onEnter();
          }
        }}
        aria-describedby={props.describedBy}
        className={miniInput}
      />
    </div>
  );
}
