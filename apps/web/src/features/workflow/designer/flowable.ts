/** The `flowable:` moddle descriptor, shared with the server's engine (`@swp/contract` flowable.ts). */
export { flowableDescriptor } from '@swp/contract';
