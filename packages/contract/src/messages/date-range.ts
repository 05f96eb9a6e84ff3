export const dateRange = {
  blank: 'both dates must not be blank',
  tooLong: "The date range can't exceed 1 month.",
  // Not quoted by the spec: it only says these ranges are invalid.
  startAfterEnd: 'The start date must not be after the end date.',
  future: 'Future dates are not allowed.',
  invalidDate: (pattern: string) => `Please enter valid dates as ${pattern}.`,
} as const;
