export { tempDir } from './production-server.ts'
