/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Comma-separated dashboard widget keys to hide: balance, payments-limit, cash-in-limit, cash-out-limit. */
  readonly VITE_HIDDEN_WIDGETS?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
