// Imported first by every bench: React and the gateway's dependencies load their production
// builds, as in the container (Dockerfile: NODE_ENV=production).
process.env.NODE_ENV = 'production';
