// Pulumi resources and lookups for VMware Aria Automation pipeline endpoints and deployment resources.
package aria
