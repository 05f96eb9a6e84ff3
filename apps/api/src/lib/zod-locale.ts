import { z } from 'zod/mini';

/**
 * zod/mini loads no locale: without this, every issue that has no message of its own (a wrong
 * type, a number out of range, a bad environment variable) would read "Invalid input". The API's
 * 400 answers and the start-up errors pass those messages on, so English is set once, here, by
 * the modules that build the config and the app, before anything is parsed.
 */
z.config(z.locales.en());
