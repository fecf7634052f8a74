import { defineProfile, type ImportProfile } from './types';

/** Company exports whose columns mean something else than their names say, or are left out on purpose. */
export const COMPANY_PROFILES: ImportProfile[] = [
  defineProfile({
    id: 'hubspot_companies',
    name: 'HubSpot companies',
    signature: ['Record ID', 'Company name', 'Company owner', 'Create Date'],
    columns: {
      'Company name': 'record',
      'Last Activity Date': 'last_interaction',
      Industry: 'categories',
      'Company Domain Name': 'domains',
      Website: 'domains',
      'LinkedIn Company Page': 'linkedin_profile',
      'Twitter Handle': 'twitter',
      'Twitter Followers': 'twitter_follower_count',
      Description: 'description',
    },
    reasons: {
      'Record ID': "HubSpot's own id: Relate numbers its companies itself",
      'Create Date': 'When the company was added to HubSpot: Relate records its own date',
      'Company owner': 'The HubSpot user who owns the company, not part of the company',
      'Phone Number': 'Companies in Relate have no phone number',
      City: 'Companies in Relate have no address',
      'Country/Region': 'Companies in Relate have no address',
    },
  }),
  defineProfile({
    id: 'pipedrive_organizations',
    name: 'Pipedrive organizations',
    signature: ['Organization - Name'],
    columns: {
      'Organization - Name': 'record',
      'Organization - Website': 'domains',
      'Organization - Label': 'tags',
      'Organization - Industry': 'categories',
      'Organization - LinkedIn profile': 'linkedin_profile',
      'Organization - Notes': 'description',
    },
    reasons: {
      'Organization - ID': "Pipedrive's own id: Relate numbers its companies itself",
      'Organization - Address': 'Companies in Relate have no address',
      'Organization - People': 'A count of people in Pipedrive',
      'Organization - Owner': 'The Pipedrive user who owns the organization, not part of the company',
    },
  }),
];
