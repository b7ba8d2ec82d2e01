// billing-kit/react: the provider, hooks and components.
export {};
