import { NumberInput, type NumberInputProps } from '@mantine/core';

/**
 * A J$ amount field (spec section 5, "Currency input"): two decimals, thousands separators. Its
 * value is the typed amount without separators ("1234.5"), to be turned into cents with the
 * contract's `parseAmountToCents`: no float ever holds the amount.
 */
export function CurrencyInput({
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
