export { tempDir } from '../../scripts/lib/production-server.ts'
