// What `use-sync-external-store/shim` gives libraries written for Reacts before 18, taken from React
// itself (vite.config.ts points the shim here).
export { useSyncExternalStore } from 'react';
