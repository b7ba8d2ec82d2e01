// billing-kit/server: the proxy.
export {};
