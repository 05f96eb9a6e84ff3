import { NumberInput, type NumberInputProps } from '@mantine/core';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';

/**
 * A J$ amount field (spec section 5, "Currency input"): two decimals, thousands separators. Its
 * value is the typed amount without separators ("1234.5"), to be turned into cents with the
 * contract's `parseAmountToCents`: no float ever holds the amount.
 */
function CurrencyInput({
  value,
  onChange,
  ...props
}: Omit<NumberInputProps, 'value' | 'onChange' | 'onValueChange'> & {
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <NumberInput
      {...props}
      value={value}
      onValueChange={(values) => onChange(values.value)}
      thousandSeparator=","
      // "," groups thousands here, so only "." may start the decimals.
      allowedDecimalSeparators={['.']}
      decimalScale={2}
      allowNegative={false}
      hideControls
      inputMode="decimal"
      leftSection="J$"
      autoComplete="off"
    />
  );
}

/** A field's error is announced when it appears (ADR 014), not read out on open. */
export const ANNOUNCED_ERROR = { role: 'alert' } as const;

/**
 * The currency input bound to a react-hook-form field (the forms' one way, ADR 014): its value,
 * its changes and its error, announced when it appears.
 */
export function CurrencyField<Values extends FieldValues, Transformed extends FieldValues = Values>({
  control,
  name,
  ...props
}: Omit<NumberInputProps, 'value' | 'onChange' | 'onValueChange' | 'error' | 'name'> & {
  control: Control<Values, unknown, Transformed>;
  name: Path<Values>;
}) {
  const { field, fieldState } = useController<Values, Path<Values>, Transformed>({ control, name });
  return (
    <CurrencyInput
      {...props}
      value={field.value as string}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={fieldState.error?.message}
      errorProps={ANNOUNCED_ERROR}
    />
  );
}
