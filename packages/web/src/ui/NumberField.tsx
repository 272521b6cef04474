/** A labelled whole-number input within bounds (the browser checks them before a form is sent). */
export function NumberField(p: {
  label: string;
  name?: string;
  min: number;
  max: number;
  value: number;
  set: (n: number) => void;
}) {
  return (
    <label>
      {p.label}
      <input
        name={p.name}
        type="number"
        min={p.min}
        max={p.max}
        value={p.value}
        onInput={(e) => p.set(Number(e.currentTarget.value))}
      />
    </label>
  );
}
