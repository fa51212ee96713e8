// The benchmarks and the tests pick ports the same way (scripts/lib/free-port.mjs).
export { freePort } from '../../scripts/lib/free-port.mjs';
