/** Texts of the corporate view's widgets. Not in the spec: names of the widget rows and cards. */
export const CORPORATE_WIDGET_TEXTS = {
  overview: 'Corporate overview',
  balances: 'Balances',
  limits: 'Branch limits',
  /** A limit card's title: the category the bars of the branch table name, across branches. */
  limitTitle: (category: string) => `${category}, all branches`,
} as const;
