import * as client from 'openid-client';

export interface OidcClientOptions {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Lets the server talk to its own embedded provider without a network hop. */
  fetch?: client.CustomFetch;
}

/** Discovers the provider once, on first use, and keeps the configuration. */
export function createOidcClient(options: OidcClientOptions) {
  let configuration: Promise<client.Configuration> | undefined;

  function load(): Promise<client.Configuration> {
    configuration ??= client
      .discovery(
        new URL(options.issuer),
        options.clientId,
        undefined,
        client.ClientSecretBasic(options.clientSecret),
        {
          ...(options.fetch ? { [client.customFetch]: options.fetch } : {}),
          ...(options.issuer.startsWith('http://') ? { execute: [client.allowInsecureRequests] } : {}),
        },
      )
      .then((config) => {
        if (options.fetch) config[client.customFetch] = options.fetch;
        return config;
      })
      .catch((error: unknown) => {
        configuration = undefined;
        throw error;
      });
    return configuration;
  }

  return {
    load,
    jwksUri: async () => (await load()).serverMetadata().jwks_uri,
  };
}

export type OidcClient = ReturnType<typeof createOidcClient>;
