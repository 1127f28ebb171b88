/**
 * Word lists the generator combines. Builder and contractor names are invented on purpose: no real developer's
 * brand appears, so nothing on the demo site can be mistaken for a real company's listing. People's names are
 * common Indian first names and surnames, combined at random, so no row describes a real person.
 */

/** Invented builder brand stems; each becomes "<stem> <suffix>" (e.g. "Kaveri Crest Developers"). */
export const BUILDER_STEMS = [
  'Kaveri Crest',
  'Neelgiri Habitat',
  'Suryoday Infra',
  'Tamarind Grove',
  'Banyan Ridge',
  'Saptarishi',
  'Ambertide',
  'Vrindavan Greenspace',
  'Moonstone',
  'Peacock Lane',
  'Trishul Heights',
  'Coral Bay',
  'Sandalwood',
  'Monsoon Hill',
  'Jasmine Court',
  'Mayur Vistas',
  'Chandan Leaf',
  'Nakshatra',
  'Gulmohar Square',
  'Deccan Sunrise',
  'Silver Oak Lane',
  'Kesar Valley',
  'Tulsi Vana',
  'Mango Orchard',
  'Palash Bloom',
  'Arunodaya',
  'Himgiri Stone',
  'Pushkar Bay',
  'Sahyadri Mist',
  'Koyal Grove',
  'Indigo Terrace',
  'Bakul Tree',
  'Kadamba',
  'Narmada Ridge',
  'Ashvattha',
  'Vindhya Crest',
  'Sarovar Lakeside',
  'Chinar Court',
  'Devdaru',
  'Meghdoot',
  'Kalpavriksha Habitats',
  'Chakori Dunes',
  'Brahmaputra Valley',
  'Chambal Rock',
  'Rangoli',
  'Anantya',
  'Pratham Shila',
  'Shikhara',
  'Nilambari',
  'Harsingar',
  'Tapti Bank',
  'Ketaki Fields',
  'Sunderban Reed',
  'Kanchan Ganga',
  'Mehrab',
  'Varuna Bay',
  'Agastya',
  'Dhruv Tara',
  'Charminar Gate',
  'Rann Salt',
  'Shevanti',
  'Parijat Lane',
  'Utsav Nagar',
  'Kovalam Breeze',
  'Marigold Meadows',
  'Ekaamra',
  'Jharokha',
  'Khejri',
  'Sitara Hills',
  'Nandi Foothills',
  'Bhadra Stone',
  'Kalindi',
] as const;

export const BUILDER_SUFFIXES = ['Developers', 'Builders', 'Realty', 'Infra', 'Estates', 'Homes', 'Constructions', 'Properties'] as const;

/** First word of a project name. */
export const PROJECT_FIRST_WORDS = [
  'Aurora', 'Serene', 'Emerald', 'Palm', 'Lakeview', 'Orchid', 'Maple', 'Cedar', 'Silver', 'Golden', 'Royal', 'Grand',
  'Green', 'Skyline', 'Riverside', 'Sunrise', 'Harmony', 'Utsav', 'Aangan', 'Vatika', 'Kunj', 'Dhara', 'Shanti', 'Tranquil',
  'Zenith', 'Horizon', 'Meadow', 'Willow', 'Oakwood', 'Lotus', 'Sapphire', 'Pearl', 'Amber', 'Coral', 'Ivory', 'Misty',
  'Bluebell', 'Sylvan', 'Vista', 'Crystal', 'Woodland', 'Greenfield', 'Brookside', 'Hillcrest', 'Sunshine', 'Prakriti',
  'Sukh', 'Anand', 'Nirvana', 'Ananda', 'Saanvi', 'Aashray', 'Basera', 'Sparsh', 'Tarang', 'Vanya', 'Aranya', 'Samudra',
] as const;

export const PROJECT_SECOND_WORDS = {
  apartment: ['Heights', 'Residency', 'Towers', 'Enclave', 'Greens', 'Vista', 'Springs', 'Courtyard', 'Park', 'Avenue', 'Square', 'Habitat', 'Terraces', 'Nest'],
  villa: ['Villas', 'Meadows', 'Estates', 'Retreat', 'Bungalows', 'Orchards', 'Woods', 'Sanctuary'],
  plot: ['Layout', 'Plots', 'Enclave', 'Township', 'Acres', 'Farms', 'County'],
  residentialhouse: ['Homes', 'Row Houses', 'Villa Homes', 'Residences', 'Nagar', 'Colony'],
  'pent house': ['Sky Residences', 'Penthouses', 'Skyvillas', 'Summit', 'Crown'],
  studio: ['Studios', 'Smart Homes', 'Lofts', 'Pods', 'Suites'],
} as const;

export const FIRST_NAMES = [
  'Aarav', 'Vivaan', 'Aditya', 'Arjun', 'Sai', 'Reyansh', 'Krishna', 'Ishaan', 'Rohan', 'Karthik', 'Rahul', 'Vikram',
  'Siddharth', 'Pranav', 'Nikhil', 'Manoj', 'Suresh', 'Ramesh', 'Anil', 'Deepak', 'Harish', 'Venkatesh', 'Naveen', 'Abhishek',
  'Gaurav', 'Amit', 'Sandeep', 'Rajesh', 'Mohan', 'Farhan', 'Imran', 'Joseph', 'Thomas', 'Gurpreet', 'Harpreet', 'Sanjay',
  'Ananya', 'Diya', 'Aadhya', 'Saanvi', 'Ishita', 'Kavya', 'Priya', 'Pooja', 'Sneha', 'Divya', 'Lakshmi', 'Meera',
  'Nandini', 'Shreya', 'Aishwarya', 'Deepa', 'Swati', 'Neha', 'Anjali', 'Ritu', 'Sunita', 'Fatima', 'Ayesha', 'Mary',
  'Simran', 'Tanvi', 'Revathi', 'Bhavana', 'Keerthana', 'Madhuri', 'Pallavi', 'Radhika', 'Shalini', 'Vidya',
] as const;

export const SURNAMES = [
  'Sharma', 'Verma', 'Iyer', 'Nair', 'Reddy', 'Rao', 'Patel', 'Shah', 'Mehta', 'Desai', 'Kulkarni', 'Joshi',
  'Deshpande', 'Menon', 'Pillai', 'Krishnan', 'Subramanian', 'Gupta', 'Agarwal', 'Singh', 'Chauhan', 'Malhotra', 'Kapoor', 'Khanna',
  'Banerjee', 'Chatterjee', 'Mukherjee', 'Das', 'Bose', 'Sen', 'Ghosh', 'Naidu', 'Gowda', 'Hegde', 'Shetty', 'Kamath',
  'Bhat', 'Khan', 'Qureshi', 'Sheikh', 'Fernandes', "D'Souza", 'George', 'Varghese', 'Thomas', 'Gill', 'Sandhu', 'Yadav',
  'Mishra', 'Tiwari', 'Pandey', 'Saxena', 'Chopra', 'Bhatia', 'Jain', 'Goyal', 'Mathur', 'Rathore',
] as const;

/** Invented brokerage name stems for broker companies. */
export const BROKERAGE_WORDS = [
  'Keystone', 'Homeward', 'Doorstep', 'Brickline', 'Landmark Link', 'Square Feet', 'Gharonda', 'Apna Ghar', 'Address Book',
  'Open House', 'Threshold', 'Nestfinder', 'Propwise', 'Plotline', 'Roofline', 'Welcome Mat', 'Grihapravesh', 'Dwar',
  'Chaukhat', 'Happy Keys', 'Pin Code', 'Locality Lens', 'Compass Rose', 'Cornerstone Desk',
] as const;

export const BROKERAGE_SUFFIXES = ['Realty', 'Property Advisors', 'Estates', 'Homes', 'Property Consultants', 'Realtors'] as const;

export const PROJECT_AMENITIES = [
  'Swimming Pool', 'Gymnasium', 'Clubhouse', "Children's Play Area", 'Power Backup', '24x7 Security', 'CCTV Surveillance',
  'Jogging Track', 'Landscaped Gardens', 'Indoor Games', 'Covered Parking', 'Lift', 'Rainwater Harvesting', 'Intercom',
  'Visitor Parking', 'Multipurpose Hall', 'Yoga Deck', 'Tennis Court', 'Badminton Court', 'Senior Citizen Sit-out',
  'EV Charging', 'Sewage Treatment Plant', 'Piped Gas', 'Co-working Lounge', 'Pet Park', 'Amphitheatre', 'Mini Theatre',
  'Party Lawn', 'Cricket Practice Net', 'Skating Rink',
] as const;

export const PLOT_AMENITIES = [
  'Gated Entrance', 'Street Lighting', 'Underground Drainage', 'Water Supply', 'Avenue Trees', 'Park', 'Compound Wall',
  'Tar Roads', 'Electricity Connection', '24x7 Security', 'Rainwater Harvesting', 'Clubhouse',
] as const;

export const CONTRACTOR_NAMES = [
  'Shilpkar Build Tech', 'Neev Foundations', 'Eent Aur Gara Constructions', 'Vastukala Builders', 'Sthapati Design Build',
  'Chhat Waterproofing Works', 'Rangrez Painting Co.', 'Aangan Interiors', 'Kundan Modular Kitchens', 'Pillar Point Civil',
  'Girder Works', 'Saral Renovations', 'Mistri Hub', 'Nakshakar Architects', 'Dhaanchaa Structural',
  'Hariyali Landscapes', 'Bijli Electricals', 'Jal Plumbing Services', 'Turnkey Ghar', 'Majboot Masonry',
  'Kalakriti Interiors', 'Setu Engineering', 'Shila Stoneworks', 'Aadhar Builders & Contractors', 'Kiran Fabricators',
  'Deewar Drywall', 'Nirmaan Mitra', 'Suvidha Home Services', 'Rachna Design Studio', 'Bhavan Shilpi',
] as const;

export const CONTRACTOR_SERVICES = [
  'Home Construction', 'Interior Design', 'Renovation', 'Waterproofing', 'Modular Kitchen', 'Painting', 'Civil Works',
  'Architecture', 'Structural Design', 'Landscaping', 'Electrical', 'Plumbing', 'Turnkey Villas', 'False Ceiling', 'Flooring',
] as const;

/** Tags of construction-services projects (spec §7 GET /project on the construction gateway, `tag`). */
export const CONSTRUCTION_TAGS = ['Residential', 'Commercial', 'Interior', 'Renovation', 'Villa'] as const;
