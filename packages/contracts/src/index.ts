export * from './common.schema';
export * from './health.schema';
export * from './city.schema';
export * from './project.schema';
export * from './banner.schema';
