// billing-kit: the service contract, the typed client and the helpers.
export {};
