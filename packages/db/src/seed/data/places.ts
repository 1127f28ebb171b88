/**
 * Real Indian cities, zones and localities, each locality in the zone a local buyer would put it in. Rates are
 * typical apartment prices in rupees per square foot (super built-up) for the city in 2025, scaled per zone; the
 * seed derives every price from them, so a Mumbai flat costs what a Mumbai flat costs.
 */

export type Direction = 'north' | 'south' | 'east' | 'west' | 'centre' | 'north-east' | 'south-east' | 'north-west' | 'south-west';

export interface ZoneSeed {
  name: string;
  /** Which way the zone lies from the city centre; used to place localities on the map plausibly. */
  direction: Direction;
  /** Multiplies the city rate: South Mumbai costs more than Navi Mumbai. */
  rateFactor: number;
  localities: readonly string[];
}

export interface CitySeed {
  name: string;
  slug: string;
  state: string;
  /** Two-letter code used in RERA-style registration numbers. */
  stateCode: string;
  lat: number;
  lng: number;
  /** Typical apartment rate, rupees per sq ft. */
  rate: number;
  /** Mumbai's flats are smaller for the same bedroom count. */
  areaFactor: number;
  /** Relative share of the catalogue. */
  share: number;
  zones: readonly ZoneSeed[];
}

/** Bengaluru first: it is the default city (spec §4) and the cities list keeps this order. */
export const CITIES: readonly CitySeed[] = [
  {
    name: 'Bengaluru',
    slug: 'bengaluru',
    state: 'Karnataka',
    stateCode: 'KA',
    lat: 12.9716,
    lng: 77.5946,
    rate: 9_200,
    areaFactor: 1,
    share: 22,
    zones: [
      {
        name: 'East Bengaluru',
        direction: 'east',
        rateFactor: 1,
        localities: ['Whitefield', 'Marathahalli', 'KR Puram', 'Brookefield', 'Varthur', 'Mahadevapura', 'Kadugodi', 'Bellandur', 'Sarjapur Road'],
      },
      {
        name: 'South Bengaluru',
        direction: 'south',
        rateFactor: 1.08,
        localities: ['Electronic City', 'HSR Layout', 'Koramangala', 'BTM Layout', 'Jayanagar', 'JP Nagar', 'Bannerghatta Road', 'Begur', 'Kanakapura Road'],
      },
      {
        name: 'North Bengaluru',
        direction: 'north',
        rateFactor: 0.95,
        localities: ['Hebbal', 'Yelahanka', 'Thanisandra', 'Hennur Road', 'Devanahalli', 'Jakkur', 'Sahakar Nagar'],
      },
      {
        name: 'West Bengaluru',
        direction: 'west',
        rateFactor: 0.9,
        localities: ['Rajajinagar', 'Malleshwaram', 'Yeshwanthpur', 'Vijayanagar', 'Kengeri', 'Magadi Road'],
      },
      {
        name: 'Central Bengaluru',
        direction: 'centre',
        rateFactor: 1.55,
        localities: ['Indiranagar', 'Richmond Town', 'Frazer Town', 'Ulsoor', 'Cooke Town'],
      },
    ],
  },
  {
    name: 'Mumbai',
    slug: 'mumbai',
    state: 'Maharashtra',
    stateCode: 'MH',
    lat: 19.076,
    lng: 72.8777,
    rate: 24_000,
    areaFactor: 0.72,
    share: 14,
    zones: [
      {
        name: 'Western Suburbs',
        direction: 'north-west',
        rateFactor: 1.05,
        localities: ['Andheri West', 'Andheri East', 'Bandra West', 'Goregaon East', 'Malad West', 'Borivali West', 'Kandivali East', 'Juhu', 'Santacruz East'],
      },
      {
        name: 'Central Suburbs',
        direction: 'north-east',
        rateFactor: 0.9,
        localities: ['Powai', 'Ghatkopar East', 'Chembur', 'Mulund West', 'Kurla West', 'Vikhroli'],
      },
      {
        name: 'South Mumbai',
        direction: 'south',
        rateFactor: 1.9,
        localities: ['Worli', 'Lower Parel', 'Colaba', 'Malabar Hill', 'Prabhadevi', 'Byculla'],
      },
      {
        name: 'Thane',
        direction: 'north',
        rateFactor: 0.62,
        localities: ['Thane West', 'Ghodbunder Road', 'Majiwada', 'Kolshet Road'],
      },
      {
        name: 'Navi Mumbai',
        direction: 'east',
        rateFactor: 0.5,
        localities: ['Kharghar', 'Vashi', 'Panvel', 'Nerul', 'Ulwe'],
      },
    ],
  },
  {
    name: 'Pune',
    slug: 'pune',
    state: 'Maharashtra',
    stateCode: 'MH',
    lat: 18.5204,
    lng: 73.8567,
    rate: 8_200,
    areaFactor: 0.92,
    share: 10,
    zones: [
      { name: 'West Pune', direction: 'west', rateFactor: 1.05, localities: ['Hinjewadi', 'Wakad', 'Baner', 'Aundh', 'Balewadi', 'Pashan'] },
      { name: 'East Pune', direction: 'east', rateFactor: 1, localities: ['Kharadi', 'Viman Nagar', 'Wagholi', 'Hadapsar', 'Magarpatta'] },
      { name: 'North Pune', direction: 'north', rateFactor: 0.82, localities: ['Pimple Saudagar', 'Ravet', 'Moshi', 'Punawale'] },
      { name: 'South Pune', direction: 'south', rateFactor: 0.85, localities: ['Undri', 'Kondhwa', 'NIBM Road', 'Katraj'] },
      { name: 'Central Pune', direction: 'centre', rateFactor: 1.45, localities: ['Koregaon Park', 'Kalyani Nagar', 'Shivaji Nagar'] },
    ],
  },
  {
    name: 'Hyderabad',
    slug: 'hyderabad',
    state: 'Telangana',
    stateCode: 'TG',
    lat: 17.385,
    lng: 78.4867,
    rate: 8_000,
    areaFactor: 1.05,
    share: 10,
    zones: [
      {
        name: 'West Hyderabad',
        direction: 'west',
        rateFactor: 1.2,
        localities: ['Gachibowli', 'Kondapur', 'Madhapur', 'HITEC City', 'Nanakramguda', 'Kokapet', 'Narsingi', 'Manikonda'],
      },
      { name: 'North Hyderabad', direction: 'north', rateFactor: 0.85, localities: ['Kompally', 'Bachupally', 'Miyapur', 'Kukatpally', 'Nizampet'] },
      { name: 'East Hyderabad', direction: 'east', rateFactor: 0.78, localities: ['Uppal', 'LB Nagar', 'Nacharam', 'Pocharam'] },
      { name: 'South Hyderabad', direction: 'south', rateFactor: 0.7, localities: ['Shamshabad', 'Adibatla', 'Tukkuguda'] },
      { name: 'Central Hyderabad', direction: 'centre', rateFactor: 1.5, localities: ['Banjara Hills', 'Jubilee Hills', 'Begumpet', 'Somajiguda'] },
    ],
  },
  {
    name: 'Chennai',
    slug: 'chennai',
    state: 'Tamil Nadu',
    stateCode: 'TN',
    lat: 13.0827,
    lng: 80.2707,
    rate: 7_600,
    areaFactor: 0.95,
    share: 8,
    zones: [
      {
        name: 'South Chennai',
        direction: 'south',
        rateFactor: 1.05,
        localities: ['OMR', 'Velachery', 'Sholinganallur', 'Perungudi', 'Thoraipakkam', 'Medavakkam', 'Pallikaranai'],
      },
      { name: 'West Chennai', direction: 'west', rateFactor: 0.95, localities: ['Porur', 'Vadapalani', 'Anna Nagar', 'Ambattur', 'Mogappair'] },
      { name: 'North Chennai', direction: 'north', rateFactor: 0.75, localities: ['Perambur', 'Kolathur', 'Madhavaram'] },
      { name: 'Central Chennai', direction: 'centre', rateFactor: 1.6, localities: ['T Nagar', 'Nungambakkam', 'Adyar', 'Mylapore'] },
      { name: 'GST Road', direction: 'south-west', rateFactor: 0.7, localities: ['Tambaram', 'Guduvanchery', 'Vandalur', 'Urapakkam'] },
    ],
  },
  {
    name: 'Delhi',
    slug: 'delhi',
    state: 'Delhi',
    stateCode: 'DL',
    lat: 28.6139,
    lng: 77.209,
    rate: 14_000,
    areaFactor: 1,
    share: 6,
    zones: [
      { name: 'South Delhi', direction: 'south', rateFactor: 1.6, localities: ['Saket', 'Vasant Kunj', 'Greater Kailash', 'Hauz Khas', 'Malviya Nagar'] },
      { name: 'West Delhi', direction: 'west', rateFactor: 0.9, localities: ['Dwarka', 'Janakpuri', 'Punjabi Bagh', 'Rajouri Garden'] },
      { name: 'North Delhi', direction: 'north', rateFactor: 0.85, localities: ['Rohini', 'Pitampura', 'Model Town'] },
      { name: 'East Delhi', direction: 'east', rateFactor: 0.75, localities: ['Mayur Vihar', 'Preet Vihar', 'Laxmi Nagar'] },
      { name: 'Central Delhi', direction: 'centre', rateFactor: 1.3, localities: ['Karol Bagh', 'Rajinder Nagar', 'Patel Nagar'] },
    ],
  },
  {
    name: 'Gurugram',
    slug: 'gurugram',
    state: 'Haryana',
    stateCode: 'HR',
    lat: 28.4595,
    lng: 77.0266,
    rate: 13_500,
    areaFactor: 1.15,
    share: 7,
    zones: [
      { name: 'Golf Course Road', direction: 'east', rateFactor: 1.6, localities: ['DLF Phase 5', 'Sector 54', 'Sector 42', 'Sushant Lok'] },
      {
        name: 'Golf Course Extension Road',
        direction: 'south-east',
        rateFactor: 1.15,
        localities: ['Golf Course Extension Road', 'Sector 65', 'Sector 62', 'Sector 66'],
      },
      { name: 'Sohna Road', direction: 'south', rateFactor: 0.9, localities: ['Sohna Road', 'Sector 48', 'Sector 49', 'Sector 67'] },
      { name: 'Dwarka Expressway', direction: 'west', rateFactor: 0.95, localities: ['Sector 102', 'Sector 106', 'Sector 109', 'Sector 113', 'Sector 37D'] },
      { name: 'New Gurugram', direction: 'south-west', rateFactor: 0.78, localities: ['Sector 82', 'Sector 84', 'Sector 89', 'Sector 92'] },
    ],
  },
  {
    name: 'Noida',
    slug: 'noida',
    state: 'Uttar Pradesh',
    stateCode: 'UP',
    lat: 28.5355,
    lng: 77.391,
    rate: 8_500,
    areaFactor: 1.1,
    share: 6,
    zones: [
      { name: 'Noida Expressway', direction: 'south', rateFactor: 1.15, localities: ['Sector 150', 'Sector 137', 'Sector 128', 'Sector 143', 'Sector 144'] },
      { name: 'Central Noida', direction: 'centre', rateFactor: 1.05, localities: ['Sector 50', 'Sector 62', 'Sector 76', 'Sector 78', 'Sector 18'] },
      { name: 'Greater Noida West', direction: 'north-east', rateFactor: 0.72, localities: ['Gaur City', 'Techzone 4', 'Sector 1 Greater Noida West', 'Sector 16B'] },
      { name: 'Greater Noida', direction: 'south-east', rateFactor: 0.68, localities: ['Pari Chowk', 'Alpha 1', 'Omicron 1', 'Knowledge Park'] },
      { name: 'Yamuna Expressway', direction: 'south-east', rateFactor: 0.6, localities: ['Sector 22D Yamuna Expressway', 'Sector 17A Yamuna Expressway', 'Jewar'] },
    ],
  },
  {
    name: 'Kolkata',
    slug: 'kolkata',
    state: 'West Bengal',
    stateCode: 'WB',
    lat: 22.5726,
    lng: 88.3639,
    rate: 6_400,
    areaFactor: 0.95,
    share: 5,
    zones: [
      { name: 'East Kolkata', direction: 'east', rateFactor: 1.05, localities: ['New Town', 'Rajarhat', 'Salt Lake City', 'Kestopur', 'EM Bypass'] },
      { name: 'South Kolkata', direction: 'south', rateFactor: 1.1, localities: ['Ballygunge', 'Tollygunge', 'Behala', 'Garia', 'Jadavpur', 'Joka'] },
      { name: 'North Kolkata', direction: 'north', rateFactor: 0.8, localities: ['Dum Dum', 'Baranagar', 'Shyambazar'] },
      { name: 'Central Kolkata', direction: 'centre', rateFactor: 1.5, localities: ['Park Street', 'Alipore', 'Bhowanipore'] },
    ],
  },
  {
    name: 'Ahmedabad',
    slug: 'ahmedabad',
    state: 'Gujarat',
    stateCode: 'GJ',
    lat: 23.0225,
    lng: 72.5714,
    rate: 5_600,
    areaFactor: 1.05,
    share: 5,
    zones: [
      { name: 'West Ahmedabad', direction: 'west', rateFactor: 1.2, localities: ['Prahlad Nagar', 'Satellite', 'Bodakdev', 'Vastrapur', 'Thaltej'] },
      { name: 'SG Highway', direction: 'north-west', rateFactor: 1.1, localities: ['SG Highway', 'Science City', 'Sola', 'Bopal', 'South Bopal', 'Shela'] },
      { name: 'North Ahmedabad', direction: 'north', rateFactor: 0.85, localities: ['Gota', 'Chandkheda', 'Motera'] },
      { name: 'East Ahmedabad', direction: 'east', rateFactor: 0.7, localities: ['Naroda', 'Nikol', 'Vastral'] },
      { name: 'South Ahmedabad', direction: 'south', rateFactor: 0.75, localities: ['Maninagar', 'Narol', 'Isanpur'] },
    ],
  },
  {
    name: 'Kochi',
    slug: 'kochi',
    state: 'Kerala',
    stateCode: 'KL',
    lat: 9.9312,
    lng: 76.2673,
    rate: 6_500,
    areaFactor: 1.05,
    share: 3.5,
    zones: [
      { name: 'Central Kochi', direction: 'centre', rateFactor: 1.3, localities: ['Marine Drive', 'Panampilly Nagar', 'Kadavanthra'] },
      { name: 'East Kochi', direction: 'east', rateFactor: 1, localities: ['Kakkanad', 'Thrikkakara', 'Vyttila'] },
      { name: 'North Kochi', direction: 'north', rateFactor: 0.85, localities: ['Edappally', 'Kalamassery', 'Aluva'] },
      { name: 'South Kochi', direction: 'south', rateFactor: 0.9, localities: ['Tripunithura', 'Maradu', 'Fort Kochi'] },
    ],
  },
  {
    name: 'Jaipur',
    slug: 'jaipur',
    state: 'Rajasthan',
    stateCode: 'RJ',
    lat: 26.9124,
    lng: 75.7873,
    rate: 5_000,
    areaFactor: 1.1,
    share: 3.5,
    zones: [
      { name: 'South Jaipur', direction: 'south', rateFactor: 1, localities: ['Jagatpura', 'Mansarovar', 'Tonk Road', 'Sanganer', 'Pratap Nagar'] },
      { name: 'West Jaipur', direction: 'west', rateFactor: 0.95, localities: ['Vaishali Nagar', 'Ajmer Road', 'Sirsi Road'] },
      { name: 'North Jaipur', direction: 'north', rateFactor: 0.8, localities: ['Jhotwara', 'Vidhyadhar Nagar', 'Sikar Road'] },
      { name: 'Central Jaipur', direction: 'centre', rateFactor: 1.35, localities: ['C Scheme', 'Malviya Nagar', 'Raja Park', 'Civil Lines'] },
    ],
  },
];

/** Degrees of latitude/longitude per unit step of a direction; zones sit roughly 6-12 km from the centre. */
export const DIRECTION_OFFSETS: Record<Direction, readonly [number, number]> = {
  north: [1, 0],
  south: [-1, 0],
  east: [0, 1],
  west: [0, -1],
  centre: [0, 0],
  'north-east': [0.7, 0.7],
  'south-east': [-0.7, 0.7],
  'north-west': [0.7, -0.7],
  'south-west': [-0.7, -0.7],
};
