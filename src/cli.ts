#!/usr/bin/env node
// The billing-kit command line.
export {};
