// billing-kit/sandbox: the in-memory service.
export {};
